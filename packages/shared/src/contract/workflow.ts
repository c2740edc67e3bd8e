import { z } from 'zod';
import { submitAuditBody } from '../schemas/print.js';
import {
  chapterRef,
  chapterRejectBody,
  downloadUrlData,
  downloadZipBody,
  pageAssignmentData,
  positionMembersData,
  savePositionMembersBody,
  stepCommitBody,
  stepHistoryData,
  stepRef,
  stepRejectBody,
  workPageDetailBody,
  workPageDetailData,
  workPagesData,
  zipQuery,
} from '../schemas/production.js';
import {
  pageFileDetailsBody,
  pageFileDetailsData,
  viewerPagesBody,
  viewerPagesData,
} from '../schemas/renditions.js';
import { handOverBody } from '../schemas/team.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The page work flow (docs/production.md): assignment, the steps' transitions, the final audit, the zip. */
export const workflow = endpoints(routes.workflow, {
  positions: {
    input: chapterRef,
    reply: positionMembersData,
    who: Who.MEMBER,
    summary: 'Positions with the members who may take them (members)',
  },
  plan: {
    input: chapterRef,
    reply: pageAssignmentData,
    who: Who.MEMBER,
    summary: "Every page's steps in order (members)",
  },
  savePlan: {
    input: savePositionMembersBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Save the steps of pages (founder); starts production',
  },
  handOver: {
    input: handOverBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Give a step not yet approved, started or not, to another member who may take it (founder)',
  },
  pages: {
    input: chapterRef,
    reply: workPagesData,
    who: Who.MEMBER,
    summary: 'Pages with their current step, buttons and the audit record (members)',
  },
  page: {
    input: workPageDetailBody,
    reply: workPageDetailData,
    who: Who.MEMBER,
    summary: "A page's steps and current step (members)",
  },
  start: {
    input: stepRef,
    reply: downloadUrlData,
    who: Who.ASSIGNEE,
    summary: 'Start the current step (assignee); a link to its input file',
  },
  commit: {
    input: stepCommitBody,
    reply: z.null(),
    who: Who.ASSIGNEE,
    summary: 'Hand in the uploaded result of a step (assignee)',
  },
  pass: {
    input: stepRef,
    reply: z.null(),
    who: Who.APPROVER,
    summary: 'Approve a step (founder or main artist)',
  },
  reject: {
    input: stepRejectBody,
    reply: z.null(),
    who: Who.APPROVER,
    summary: 'Send a step back with a reason (founder or main artist)',
  },
  history: {
    input: stepRef,
    reply: stepHistoryData,
    who: Who.MEMBER,
    summary: "A step's history, newest first (members)",
  },
  comments: {
    input: stepRef,
    reply: stepHistoryData,
    who: Who.MEMBER,
    summary: "A step's sendings back with their reasons (members)",
  },
  submitAudit: {
    // The founder's confirmation of the preflight's warnings (docs/print.md, "The final audit").
    input: submitAuditBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Request the final audit (founder, every page done)',
  },
  passAudit: {
    input: chapterRef,
    reply: z.null(),
    who: Who.SIGN_OFF,
    summary: 'Pass the final audit: 校了 (editor in charge, 編集長)',
  },
  rejectAudit: {
    input: chapterRejectBody,
    reply: z.null(),
    who: Who.EDITORIAL_DESK,
    summary: 'Send the final audit back with a reason (editorial desk)',
  },
  downloadZip: {
    input: downloadZipBody,
    // With `link: true`; without it the handler answers the zip itself, not an envelope.
    reply: downloadUrlData,
    who: Who.MEMBER,
    summary: 'The finished pages as a zip (members); with link: true a signed GET link to it',
  },
  zip: {
    input: zipQuery,
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary: 'The zip behind a signed link from downloadZip',
  },
  viewer: {
    input: viewerPagesBody,
    reply: viewerPagesData,
    who: Who.MEMBER,
    summary: 'Every page of a chapter with its revisions and their renditions, for the page viewer (members)',
  },
  fileDetails: {
    input: pageFileDetailsBody,
    reply: pageFileDetailsData,
    who: Who.MEMBER,
    summary: "The layers' names of one file of a chapter's pages, for the viewer's page details (members)",
  },
});

import { z } from 'zod';
import {
  applicantDecisionBody,
  applyBody,
  applyListData,
  recruitAddBody,
  recruitDetailData,
  recruitTargetBody,
  recruitUpdateBody,
} from '../schemas/projects.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Recruitment of a project or a chapter, and its applications (docs/recruitment.md). */
export const recruitment = endpoints(routes.recruitment, {
  add: {
    input: recruitAddBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Start recruiting (founder)',
  },
  detail: {
    input: recruitTargetBody,
    reply: recruitDetailData,
    who: Who.USER,
    summary: 'The recruitment of a project or chapter',
  },
  update: {
    input: recruitUpdateBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Change the recruitment that has not started yet (founder)',
  },
  cancel: {
    input: recruitTargetBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'End the recruitment (founder)',
  },
  applicants: {
    input: recruitTargetBody,
    reply: applyListData,
    who: Who.MEMBER,
    summary: 'Applicants (members)',
  },
  apply: {
    input: applyBody,
    reply: z.null(),
    who: Who.USER,
    summary: 'Apply for a recruited position',
  },
  accept: {
    input: applicantDecisionBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Accept an applicant (founder)',
  },
  reject: {
    input: applicantDecisionBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Reject an applicant (founder)',
  },
});

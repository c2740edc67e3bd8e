import { z } from 'zod';
import {
  dealInvitEditorBody,
  dealProjectBody,
  dealProjectData,
  editorCandidatesBody,
  invitEditorBody,
  invitEditorListData,
  proIdQuery,
  projectDetailData,
  projectIdBody,
  projectSearchBody,
  projectSearchData,
  searchProjectBody,
  searchProjectData,
} from '../schemas/projects.js';
import { readingDirectionBody } from '../schemas/renditions.js';
import {
  changeMemberBody,
  memberWorkData,
  projectEventsBody,
  projectEventsData,
  projectMemberBody,
} from '../schemas/team.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Projects: founding and editing, the caller's lists, the detail tab, the editor in charge, the search. */
export const projects = endpoints(routes.projects, {
  save: {
    input: dealProjectBody,
    reply: dealProjectData,
    who: Who.USER,
    summary: 'Create or edit a project',
  },
  mine: {
    input: searchProjectBody,
    reply: searchProjectData,
    who: Who.USER,
    summary: 'My or joined projects',
  },
  detail: {
    input: proIdQuery,
    reply: projectDetailData,
    who: Who.USER,
    summary: 'A project',
  },
  complete: {
    input: projectIdBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'The founder marks the project completed',
  },
  editors: {
    input: editorCandidatesBody,
    reply: invitEditorListData,
    who: Who.FOUNDER,
    projectField: 'proId',
    summary: 'Editors the founder may invite: matched or befriended, or found by name or address',
  },
  invite: {
    input: invitEditorBody,
    reply: z.null(),
    who: Who.FOUNDER,
    projectField: 'projectid',
    summary: 'Invite the editor in charge',
  },
  answer: {
    input: dealInvitEditorBody,
    reply: z.null(),
    who: Who.OWNER,
    summary: 'Answer an editor invitation',
  },
  search: {
    input: projectSearchBody,
    reply: projectSearchData,
    who: Who.USER,
    summary: 'Search recruiting projects',
  },
  readingDirection: {
    input: readingDirectionBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Set how the page viewer turns the pages of the project (founder)',
  },
  memberWork: {
    input: projectMemberBody,
    reply: memberWorkData,
    who: Who.MEMBER,
    summary: "A member's steps not yet approved, with who may take each (the founder, or the member)",
  },
  removeMember: {
    input: projectMemberBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Remove a member once their open steps are handed over (founder)',
  },
  changeMember: {
    input: changeMemberBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary:
      "Change a member's part (position, whole project or one chapter) once its open steps are handed over (founder)",
  },
  leave: {
    input: projectIdBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Leave the project once your open steps are handed over (not the founder)',
  },
  events: {
    input: projectEventsBody,
    reply: projectEventsData,
    who: Who.MEMBER,
    summary: "The project's activity: members joining, leaving, removed; steps handed over",
  },
});

import { z } from 'zod';
import {
  dealInvitEditorBody,
  dealProjectBody,
  dealProjectData,
  invitEditorBody,
  invitEditorListData,
  proIdBody,
  proIdQuery,
  projectDetailData,
  projectIdBody,
  projectSearchBody,
  projectSearchData,
  searchProjectBody,
  searchProjectData,
} from '../schemas/projects.js';
import { readingDirectionBody } from '../schemas/renditions.js';
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
    input: proIdBody,
    reply: invitEditorListData,
    who: Who.FOUNDER,
    projectField: 'proId',
    summary: 'Editors the founder may invite',
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
});

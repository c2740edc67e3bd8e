import { z } from 'zod';
import { invitePeopleData, projectInvitationBody } from '../schemas/invitations.js';
import { projectIdBody } from '../schemas/projects.js';
import { inviteSeatBody, projectSeatsData, seatPeopleBody } from '../schemas/seats.js';
import { projectMemberBody } from '../schemas/team.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/**
 * The editorial seats, 副担当 and 編集長, beside the editor in charge (docs/access.md, "Editorial
 * seats"): offered by invitation, which the editor accepts through the team invitations
 * (`invitations.mine` / `answer`); a seat holder leaves with `projects.leave`.
 */
export const seats = endpoints(routes.seats, {
  ofProject: {
    input: projectIdBody,
    reply: projectSeatsData,
    who: Who.MEMBER,
    summary:
      "The project's editorial seats; the waiting seat invitations to the founder and the editor in charge",
  },
  people: {
    input: seatPeopleBody,
    reply: invitePeopleData,
    who: Who.FOUNDER_OR_EDITOR,
    summary: 'Editor accounts to offer a seat to, by nickname (founder, editor in charge)',
  },
  invite: {
    input: inviteSeatBody,
    reply: z.null(),
    who: Who.FOUNDER_OR_EDITOR,
    summary: 'Invite an editor account to a seat, 副担当 or 編集長 (founder, editor in charge)',
  },
  withdraw: {
    input: projectInvitationBody,
    reply: z.null(),
    who: Who.FOUNDER_OR_EDITOR,
    summary: 'Withdraw a seat invitation not answered yet (founder, editor in charge)',
  },
  remove: {
    input: projectMemberBody,
    reply: z.null(),
    who: Who.FOUNDER_OR_EDITOR,
    summary: 'Take a seat from its holder (founder, editor in charge)',
  },
});

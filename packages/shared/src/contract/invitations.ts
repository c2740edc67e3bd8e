import { z } from 'zod';
import {
  allowInviterBody,
  answeredInvitationData,
  answerInvitationBody,
  answerInvitationLinkBody,
  invitableProjectsData,
  invitationLinkData,
  invitationTokenBody,
  inviteByMailBody,
  inviteMemberBody,
  invitePeopleBody,
  invitePeopleData,
  myInvitationsData,
  projectInvitationBody,
  projectInvitationsData,
} from '../schemas/invitations.js';
import { projectIdBody } from '../schemas/projects.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Team invitations: the founder, and the members she allows, bring people in directly (docs/access.md, "Inviting"). */
export const invitations = endpoints(routes.invitations, {
  invite: {
    input: inviteMemberBody,
    reply: z.null(),
    who: Who.INVITER,
    summary: 'Invite a person (a friend, someone found in person search) to a part of the project',
  },
  people: {
    input: invitePeopleBody,
    reply: invitePeopleData,
    who: Who.INVITER,
    summary: 'People to invite, by nickname, of every kind (the person search shows only the other kind)',
  },
  inviteByMail: {
    input: inviteByMailBody,
    reply: z.null(),
    who: Who.INVITER,
    summary: 'Send an invitation link by mail, to someone who may have no account yet',
  },
  ofProject: {
    input: projectIdBody,
    reply: projectInvitationsData,
    who: Who.INVITER,
    summary: "The project's invitations: waiting, and answered or withdrawn lately",
  },
  withdraw: {
    input: projectInvitationBody,
    reply: z.null(),
    who: Who.INVITER,
    summary: 'Withdraw an invitation not answered yet (the founder any, another inviter only their own)',
  },
  projects: {
    input: null,
    reply: invitableProjectsData,
    who: Who.USER,
    summary: 'The ongoing projects I may invite to: founded, or allowed to by their founder',
  },
  mine: {
    input: null,
    reply: myInvitationsData,
    who: Who.USER,
    summary: 'Invitations waiting for my answer',
  },
  answer: {
    input: answerInvitationBody,
    reply: answeredInvitationData,
    who: Who.OWNER,
    summary: 'Accept or decline an invitation addressed to me',
  },
  link: {
    input: invitationTokenBody,
    reply: invitationLinkData,
    who: Who.PUBLIC,
    summary: "What a mail invitation's link offers (the link is the secret)",
  },
  answerLink: {
    input: answerInvitationLinkBody,
    reply: answeredInvitationData,
    who: Who.USER,
    summary: "Accept or decline a mail invitation's link as the logged-in user",
  },
  allowInviter: {
    input: allowInviterBody,
    reply: z.null(),
    who: Who.FOUNDER,
    summary: 'Allow a member to invite, or take it back',
  },
});

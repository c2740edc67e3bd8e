import { z } from 'zod';
import { EDITORIAL_SEATS, type EditorialSeat } from '../enums.js';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { singleLineText } from './single-line.js';

const id = rowId();

/** 副担当 (4) or 編集長 (5): the editorial seats beside the editor in charge (docs/access.md, "Editorial seats"). */
export const seatField = z
  .number()
  .int()
  .refine((seat): seat is EditorialSeat => (EDITORIAL_SEATS as readonly number[]).includes(seat), {
    error: 'seatUnknown',
  });

/** The founder or the editor in charge offers an editor account a seat; the person accepts. */
export const inviteSeatBody = z.object({ projectId: id, userId: id, seat: seatField });
export type InviteSeatBody = z.input<typeof inviteSeatBody>;

/** Editor accounts to offer a seat to, found by nickname. */
export const seatPeopleBody = z.object({
  projectId: id,
  nick: singleLineText(LIMITS.searchNickMax).pipe(z.string().min(1, { error: 'inviteNickRequired' })),
});

const person = z.object({ id: z.number(), nickname: z.string() });

/** The project's seats, and to the founder and the editor in charge the seat invitations waiting. */
export const projectSeatsData = z.object({
  seats: z.array(z.object({ user: person, seat: z.number(), seat_name: z.string() })),
  pending: z.array(
    z.object({
      id: z.number(),
      invitee: person,
      inviter: person,
      seat: z.number(),
      seat_name: z.string(),
      expires_at: z.string(),
    }),
  ),
  /** Whether the reader adds and removes seats: the founder and the editor in charge. */
  may_manage: z.boolean(),
});
export type ProjectSeatsData = z.infer<typeof projectSeatsData>;

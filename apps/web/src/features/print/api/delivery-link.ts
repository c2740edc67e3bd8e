import type { DeliveryFormat } from '@koma/shared/schemas';
import { call } from '../../../lib/api-client';

/**
 * print.delivery → a short-lived signed link to a 校了 chapter's delivery zip (docs/print.md,
 * "Delivery"). The browser fetches the link itself: the zip streams to the downloads.
 */
export async function deliveryLink(projectId: number, chapterId: number, format: DeliveryFormat) {
  return (await call('print', 'delivery', { projectId, chapterId, format })).downloadUrl;
}

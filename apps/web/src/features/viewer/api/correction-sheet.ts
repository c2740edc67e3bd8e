import type { MarkSheetBody } from '@koma/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * marks.sheetLink → a short-lived signed link to the correction sheet PDF (docs/marks.md,
 * "Correction sheets") of one page (`pageId`) or a whole chapter (`chapterId`), its open marks or
 * all (`which`). Refused with the server's message (shown by the API client) when there is no mark.
 */
export async function correctionSheetUrl(body: MarkSheetBody): Promise<string> {
  return (await call('marks', 'sheetLink', body)).downloadUrl;
}

/**
 * Downloads a correction sheet: the browser fetches the link itself, as the chapter zip is
 * fetched, so the PDF streams to the downloads and is never held in the page's memory. The answer
 * is an attachment, so the viewer stays where it is. `isPending` while the link is asked for.
 */
export function useCorrectionSheet() {
  return useMutation({
    mutationFn: async (body: MarkSheetBody) => {
      window.location.assign(await correctionSheetUrl(body));
    },
  });
}

/**
 * What a form shows for a stored picture path, instead of downloading the original
 * (docs/renditions.md): the file the user has just chosen, from their own disk (an object URL),
 * or the rendition link a reply named for it (a project's cover preview). Kept for the page's
 * life, so the confirmation screen after a form shows the same picture.
 */
const shown = new Map<string, string>();

export function rememberPicture(path: string, url: string | undefined): void {
  if (path && url) shown.set(path, url);
}

/** The displayable picture of a stored path: a remembered one, else the path itself. */
export function pictureOf(path: string): string {
  return shown.get(path) ?? path;
}

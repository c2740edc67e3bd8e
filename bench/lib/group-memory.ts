import fs from 'node:fs';

/**
 * The memory of a process group as the machine pays it: the process and every descendant (the
 * server's renders, conversions and JPEG process), read from /proc. RSS summed counts the pages
 * the processes share (node's own code, libvips) once per process; PSS shares each such page out
 * among the processes mapping it, so the sum of PSS is what the group adds to the machine.
 */

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The process and its descendants (Linux's `children` file of each thread). */
export function groupPids(root: number): number[] {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    const pid = pids[i] as number;
    for (const task of taskIds(pid)) {
      for (const child of read(`/proc/${pid}/task/${task}/children`).split(' ')) {
        if (child.trim()) pids.push(Number(child));
      }
    }
  }
  return pids;
}

function taskIds(pid: number): string[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

const kb = (text: string, name: string) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;

/** The group's resident and proportional set sizes in bytes, and how many processes it has. */
export function groupMemory(root: number): { rss: number; pss: number; processes: number } {
  let rss = 0;
  let pss = 0;
  const pids = groupPids(root);
  for (const pid of pids) {
    const rollup = read(`/proc/${pid}/smaps_rollup`);
    rss += kb(rollup, 'Rss');
    pss += kb(rollup, 'Pss');
  }
  return { rss, pss, processes: pids.length };
}

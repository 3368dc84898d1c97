/**
 * CPU time spent by processes of this machine, read from /proc (Linux), so a bench can say what
 * each part costs per unit of work. Unlike a latency, CPU per unit barely moves when the machine
 * is busy with something else, so it reads the same on a quiet and a loaded machine.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** The fields after the command name of /proc/<pid>/stat (whose name may hold spaces). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone
  }
}

/**
 * CPU seconds of a process: its own user and system time, plus, with `children`, what its
 * children that have exited and been waited for spent (a PostgreSQL backend that closed).
 */
function cpuSecondsOf(pid: number, children: boolean): number {
  const f = statFields(pid);
  if (!f) return 0;
  // utime, stime, cutime, cstime are fields 14-17 of stat, 12-15 after the name.
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS_PER_SECOND;
}

/** The process and its descendants, alive now. */
function processTree(root: number): number[] {
  const all = [root];
  for (let i = 0; i < all.length; i++) {
    const pid = all[i] as number;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const kids = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
        if (kids) all.push(...kids.split(" ").map(Number));
      } catch {
        // the thread ended
      }
    }
  }
  return all;
}

/** CPU seconds of a process tree (a server and the instances it started), exited children included. */
export function treeCpuSeconds(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + cpuSecondsOf(pid, true), 0);
}

/** The PostgreSQL server of this machine: its postmaster (the `postgres` whose parent is not one). */
function postmasterPid(): number | null {
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    let comm = "";
    try {
      comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "postgres") continue;
    const parent = Number(statFields(pid)?.[1]);
    let parentComm = "";
    try {
      parentComm = readFileSync(`/proc/${parent}/comm`, "utf8").trim();
    } catch {}
    if (parentComm !== "postgres") return pid;
  }
  return null;
}

/**
 * CPU seconds of the local PostgreSQL server so far (every backend, the closed ones too), or null
 * when it is not a process of this machine. It counts the work of every database on that server.
 */
export function postgresCpuSeconds(): number | null {
  const pid = postmasterPid();
  return pid === null ? null : treeCpuSeconds(pid);
}

/** CPU seconds of one process alone (the cluster's proxy, without its instances). */
export function processCpuSeconds(pid: number): number {
  return cpuSecondsOf(pid, false);
}

/** This process's own CPU seconds. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

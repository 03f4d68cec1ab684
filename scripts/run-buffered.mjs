// One child process whose output is held and handed back whole when it ends, so commands run side by
// side (scripts/lint.mjs, scripts/test.mjs) never interleave their lines.
import { spawn } from "node:child_process";

/** Runs cmd with args in cwd; resolves to its exit code and its stdout and stderr together. */
export function runBuffered(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // A command that cannot start (not installed) fails like one that exits non-zero, not as a crash.
    child.on("error", (err) => resolve({ code: 1, output: `${output}${err.message}`.trimEnd() }));
    child.on("close", (code) => resolve({ code, output: output.trimEnd() }));
  });
}

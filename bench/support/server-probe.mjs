// Preloaded (`node --import`) into the server the load bench starts with LOAD_BENCH_PROBE=1: the bench
// asks over the child's IPC channel for a CPU profile of one phase (the same sampler as
// `node --cpu-prof`, but without the users' argon2 hashes and the donor import before it) and for the
// statements node-postgres sent during a phase (their count and the most frequent texts).
import fs from "node:fs";
import inspector from "node:inspector";
import pg from "pg";

const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));

let statements = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  if (typeof text === "string") {
    const key = text.slice(0, 200).replace(/\s+/g, " ").slice(0, 160);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};

process.on("message", async (message) => {
  if (message?.probe === "start") {
    statements = new Map();
    if (message.profile) {
      await post("Profiler.enable");
      await post("Profiler.setSamplingInterval", { interval: 1000 });
      await post("Profiler.start");
    }
    process.send?.({ probe: "started" });
  } else if (message?.probe === "stop") {
    if (message.profile) {
      const { profile } = await post("Profiler.stop");
      fs.writeFileSync(message.profile, JSON.stringify(profile));
    }
    const top = [...statements].sort((a, b) => b[1] - a[1]);
    process.send?.({ probe: "stopped", statements: top.reduce((n, [, c]) => n + c, 0), top: top.slice(0, 15) });
  }
});

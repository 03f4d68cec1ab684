import fs from "node:fs";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that read email. */
export async function startSmtpTestServer(port = 0, options: { mailboxFile?: string } = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      if (failNext > 0) {
        failNext--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox unavailable (test)"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          messages.push(mail);
          // Browser tests run in other processes: they read the mailbox file.
          if (options.mailboxFile) fs.appendFileSync(options.mailboxFile, `${JSON.stringify(mail)}\n`);
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    /** The next N deliveries are refused with a temporary error. */
    failNextDeliveries(n: number) {
      failNext = n;
    },
    async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching email within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

import Database from 'better-sqlite3';

export interface OutboxMail {
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
}

/** Mail the server stored for this address, newest first (embedded mode keeps every mail in mail_outbox). */
export function readOutbox(sqliteFile: string, to: string): OutboxMail[] {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(
      'select subject, text_body, html_body, created_at from mail_outbox where lower(to_address) = lower(?) order by created_at desc',
    ).all(to) as OutboxMail[];
  } finally {
    db.close();
  }
}

/** Waits for a mail to `to` whose text holds a link matching `pattern`, and returns that link. */
export async function waitForMailedLink(sqliteFile: string, to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of readOutbox(sqliteFile, to)) {
      const match = mail.text_body.match(pattern) ?? mail.html_body?.match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

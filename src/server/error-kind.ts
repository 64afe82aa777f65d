/**
 * What of an error may go in a log line: its kind, never its text. A database error's text holds
 * the statement's bound values (drizzle writes them into it), which for a contact message are the
 * visitor's name, address and words; a mail error may echo an address. So a log names the SQLite
 * result code when there is one, else the error's class.
 */
export function errorKind(error: unknown): string {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    // SQLite's own text (the cause drizzle wraps) ends with the result code and never holds values.
    if (!/^Failed query:/.test(current.message)) {
      const code = /\bSQLITE_[A-Z_]+\b/.exec(current.message)?.[0];
      if (code) return code;
    }
    current = current.cause;
  }
  return error instanceof Error ? error.name : typeof error;
}

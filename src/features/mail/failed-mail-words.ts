/**
 * What staff are told about e-mails that ran out of retries, the same whether they typed
 * `npm run contact -- list-failed|retry-failed` or used the Failed e-mails staff page. Only what
 * happens next differs (the command leaves the sending to the cron job, the page enqueues at once),
 * so the caller says it.
 */

export const noFailedMessages = "No failed messages.";

export const noFailedToRetry = "No failed messages to retry.";

/** "2 message(s) put back in line": the start of a retry's answer. */
export function putBackInLine(count: number): string {
  return `${count} message(s) put back in line`;
}

/** "3 attempts": how often delivery tried a message before giving up. */
export function attemptsWords(attempts: number): string {
  return `${attempts} attempts`;
}

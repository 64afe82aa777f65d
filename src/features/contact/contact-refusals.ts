import { site } from "~/config/site";
import { senderWords, visitorLimits, type Sender } from "~/config/visitor-limits";

/**
 * What a visitor reads when a limit, not their message, kept it from being taken: the rate
 * limiter's, their sender's hourly figure, everyone's hourly cap. Apart from the intake, so the
 * browser tests read the same words.
 */
export const tooManyMessages = "Too many messages. Please wait a minute and try again, or call us.";
/** What a visitor reads when their connection or its network sent as many messages as it may in an hour. */
export const tooManyFromSender = (sender: Sender) =>
  `${senderWords[sender].yours} has sent ${visitorLimits.contactMessagesFrom[sender]} messages within the last hour, ` +
  `as many as we take online from ${senderWords[sender].one} in an hour. Please call us at ${site.phone.display}, ` +
  `or try again later.`;
export const hourlyCapReached = `We are receiving an unusual number of messages and cannot take yours right now. Please call us at ${site.phone.display}.`;

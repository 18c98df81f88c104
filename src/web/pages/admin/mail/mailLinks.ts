/** The web links in a text body, in order, each once: what an operator hands over when no SMTP delivered the mail. */
export function linksIn(text: string): string[] {
  // Trailing punctuation ends a sentence, not the link.
  const found = (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(found)];
}

/**
 * The inline markdown the API document's descriptions are written in, as React nodes: `code`, **strong** and
 * [links](url) (http(s), or a path or fragment of this site). Text only: nothing is injected as HTML, so a
 * description can never add markup or script to the page.
 */
import type { ReactNode } from 'react';

const TOKEN = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const SAFE_HREF = /^(https?:\/\/|\/|#)/;

export function inlineMarkdown(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    const [whole, code, strong, label, href] = match;
    const key = `${at}`;
    if (code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (strong !== undefined) nodes.push(<strong key={key}>{strong}</strong>);
    else if (label !== undefined && href !== undefined && SAFE_HREF.test(href))
      nodes.push(
        <a key={key} href={href}>
          {label}
        </a>,
      );
    else nodes.push(whole);
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function InlineMarkdown({ text }: { text: string }) {
  return <>{inlineMarkdown(text)}</>;
}

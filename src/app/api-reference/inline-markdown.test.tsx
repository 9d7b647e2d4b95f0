import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown } from './inline-markdown';

const html = (text: string) => renderToStaticMarkup(<InlineMarkdown text={text} />);

describe('InlineMarkdown', () => {
  it('renders code spans, strong text and links', () => {
    expect(html('A blank query answers `{candidates: []}`; **never** a 500; see [the guide](/api-reference#schema-Error).')).toBe(
      'A blank query answers <code>{candidates: []}</code>; <strong>never</strong> a 500; see <a href="/api-reference#schema-Error">the guide</a>.',
    );
  });

  it('escapes everything else and refuses a script link', () => {
    expect(html('<img src=x onerror=alert(1)> [x](javascript:alert(1))')).toBe('&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1))');
  });
});

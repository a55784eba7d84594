import { marked } from 'marked';
import { useMemo } from 'react';
import { SanitizedHtml } from '../../components/sanitized-html';

export const isAddress = (content: string): boolean => /^https?:\/\/\S+$/.test(content.trim());

/** Markdown or HTML, rendered and sanitised (no script, handler or javascript: link survives). */
export function MarkdownContent({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => marked.parse(source, { async: false }), [source]);
  return <SanitizedHtml html={html} className={className} />;
}

/** A page an administrator wrote: an address shows that page in a frame, anything else as Markdown. */
export function PublicContent({ content, title }: { content: string; title: string }) {
  if (isAddress(content)) {
    return (
      <iframe
        src={content.trim()}
        title={title}
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 'calc(100vh - 160px)', border: 'none' }}
        data-testid="public-frame"
      />
    );
  }
  return <MarkdownContent source={content} className="public-content" />;
}

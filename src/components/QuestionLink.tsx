import { useMessages } from "../hooks/use-messages";
import { safeHttpUrl } from "../protocol/links";

function display(href: string): string {
  const url = new URL(href);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.host}${path}`;
}

/** A question's reference link; anything but http or https renders nothing. */
export function QuestionLink({ url }: { url: string }) {
  const href = safeHttpUrl(url);
  const m = useMessages();
  if (!href) return null;
  return (
    <a className="qd-link" href={href} target="_blank" rel="noopener noreferrer">
      {display(href)}
      <span className="qd-visually-hidden">{m.opensInNewTab}</span>
    </a>
  );
}

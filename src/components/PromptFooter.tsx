import { useFooterButtons } from "../hooks/use-footer-buttons";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";

function isApple(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** Skip, Back and the primary Next/Submit button, with the submit state and its error. */
export function PromptFooter({ className, style }: ViewProps) {
  const { record, mode, collapsed } = useDockParts();
  const f = useFooterButtons(record.id, mode);
  if (!f || collapsed) return null;
  return (
    <>
      {f.error && (
        <p className="qd-error" role="alert">
          {f.error}
        </p>
      )}
      <div className={classes("qd-footer", className)} style={style}>
        <button className="qd-button qd-button--quiet" {...f.skipProps} />
        <span className="qd-footer__spacer" />
        {f.status && <span className="qd-footer__status">{f.status}</span>}
        {f.backProps && <button className="qd-button" {...f.backProps} />}
        <button className="qd-button qd-button--primary" {...f.primaryProps} />
        <kbd className="qd-kbd qd-footer__shortcut" aria-hidden="true">
          {isApple() ? "⌘" : "Ctrl"}+Enter
        </kbd>
      </div>
    </>
  );
}

import type { CSSProperties } from "react";

/** Props every view and dock part takes, for a host's own classes and inline styles. */
export interface ViewProps {
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

/** Joins the kit's class for a view with a host's own. */
export function classes(own: string, extra: string | undefined): string {
  return extra ? `${own} ${extra}` : own;
}

import { Component, type ErrorInfo, type ReactNode } from "react";

/** Props of `DockErrorBoundary`. */
export interface DockErrorBoundaryProps {
  /** What to show instead of the children once they failed to render. */
  fallback: (error: Error) => ReactNode;
  /** Told of each error caught, for a host's own reporting. */
  onError?: (error: Error, info: ErrorInfo) => void;
  children?: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Keeps a render error inside the dock: the part that failed shows its fallback and the host app stays mounted.
 * Give it a `key` that changes with what it shows (the request id) so the next request renders afresh.
 */
export class DockErrorBoundary extends Component<DockErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

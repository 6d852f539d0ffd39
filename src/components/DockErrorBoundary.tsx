import { Component, type ErrorInfo, type ReactNode } from "react";

interface DockErrorBoundaryProps {
  /** What shows in place of the children once they failed to render. */
  fallback: ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
  /** When this changes (the request shown, say), a caught error is forgotten and the children render again. */
  resetKey?: unknown;
  children?: ReactNode;
}

type BoundaryState = { failed: boolean; resetKey: unknown };

/** Keeps a render error inside the dock; a new `resetKey` clears it without remounting, so focus survives. */
export class DockErrorBoundary extends Component<DockErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: DockErrorBoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

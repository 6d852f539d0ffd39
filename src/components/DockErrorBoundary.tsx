import { Component, type ErrorInfo, type ReactNode } from "react";

/** Props of `DockErrorBoundary`. */
export interface DockErrorBoundaryProps {
  fallback: (error: Error) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
  /** When this changes (the request shown, say), a caught error is forgotten and the children render again. */
  resetKey?: unknown;
  children?: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Keeps a render error inside the dock; a new `resetKey` clears it without remounting, so focus survives. */
export class DockErrorBoundary extends Component<DockErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: DockErrorBoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

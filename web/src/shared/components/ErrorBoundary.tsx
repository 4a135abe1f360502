import { Component, type ReactNode } from 'react';

/**
 * Keeps what throws while rendering (or whose chunk cannot be loaded) to itself: `fallback` instead of `children`,
 * the rest of the app goes on (React logs the error). Give it a `key` that changes when the content should get another
 * chance.
 */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

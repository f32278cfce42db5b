import { Component, type ReactNode } from 'react';
import { reportHealth } from './health-reports.ts';
import { SectionLoadProblem } from './SectionLoadProblem.tsx';

interface Props {
  children: ReactNode;
  /** The section's federation name: its release's health reports count the crash. */
  remote: string;
  onRetry: () => void;
  /** The section threw as it rendered: the candidate sees the problem instead. */
  onCrash: () => void;
  /** The section rendered without throwing, first or after a retry: it is on screen and working. */
  onShown: () => void;
}

/** A section that throws while rendering shows the same honest message and Retry, never a blank page. */
export class SectionErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A section crashed while rendering', error);
    reportHealth(this.props.remote, 'render');
    this.props.onCrash();
  }

  // A child that throws as it renders leaves this mounted or updated with `failed` set: only a
  // render that held is the section shown.
  override componentDidMount() {
    if (!this.state.failed) this.props.onShown();
  }

  override componentDidUpdate(_props: Props, before: { failed: boolean }) {
    if (before.failed && !this.state.failed) this.props.onShown();
  }

  override render() {
    if (this.state.failed) {
      return (
        <SectionLoadProblem
          message="This section stopped working."
          kind="crashed"
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

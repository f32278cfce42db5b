import { Component, type ReactNode } from 'react';
import { SectionLoadProblem } from './SectionLoadProblem.tsx';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** A section that throws while rendering shows the same honest message and Retry, never a blank page. */
export class SectionErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A section crashed while rendering', error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <SectionLoadProblem
          message="This section stopped working."
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

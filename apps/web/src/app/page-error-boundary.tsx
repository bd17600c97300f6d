// A page whose code failed to load (offline, a deploy replaced the chunk) or that threw while
// drawing shows «Нет соединения» with «Повторить» in its place, inside the app, never a blank
// screen; «Повторить» and a return of the network try the page again (docs/decisions/044).
import { Component, type ReactNode } from 'react';
import { LoadError } from '../components/ui/load-error.tsx';

type Props = { children: ReactNode; /** The address: a new page starts without the old error. */ resetKey: string };
type State = { error: unknown; key: string };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed', error);
  }

  retry = () => {
    if (this.state.error !== undefined) this.setState({ error: undefined });
  };

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="fullscreen-center">
        <LoadError title="Нет соединения" onRetry={this.retry} />
      </div>
    );
  }
}

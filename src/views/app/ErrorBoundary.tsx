// Navigation and render errors show the error page with the error's status (default 500, PRODUCT.md §8).
import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../pages/ErrorPage';
import { noteError } from './bugReportSlot';

export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['status', 'statusCode'] as const) {
      const value: unknown = Reflect.get(error, key);
      if (typeof value === 'number' && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; hasError: boolean; key: string };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere leaves the error page.
    return props.resetKey !== state.key ? { key: props.resetKey, hasError: false, error: null } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    // The error page's 'Отправить отчёт об ошибке' sends this error with the log.
    noteError(error);
  }

  override render() {
    if (this.state.hasError) return <ErrorPage status={statusOf(this.state.error)} />;
    return this.props.children;
  }
}

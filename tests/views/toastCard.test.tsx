// @vitest-environment jsdom
// The toast both the storefront and the staff app show: the close button and its own timer
// dismiss it, once each; an error is an alert, the rest a status.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastCard } from '../../src/views/components/ToastCard';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ToastCard', () => {
  it('an error is an alert that the close button dismisses', () => {
    const onDismiss = vi.fn();
    render(<ToastCard kind="error" text="Купон не найден" onDismiss={onDismiss} dismissAfterMs={6000} />);
    expect(screen.getByRole('alert').textContent).toContain('Купон не найден');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('dismisses itself when its time is up, not before', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(<ToastCard kind="success" text="Сохранено" onDismiss={onDismiss} dismissAfterMs={6000} />);
    expect(screen.getByRole('status').textContent).toContain('Сохранено');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a toast that leaves before its time stops its timer', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const { unmount } = render(<ToastCard kind="info" text="Готово" onDismiss={onDismiss} dismissAfterMs={6000} />);
    unmount();
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

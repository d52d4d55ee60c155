/**
 * Tiny app-wide signals that features raise and the layout answers (features do not import the
 * layout): open the auth dialog, show a toast.
 */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export interface ToastMessage {
  id: number;
  kind: ToastKind;
  message: string;
  /** Stays until closed: something the person must not miss. */
  sticky?: boolean;
}

type Listener<T> = (value: T) => void;

export function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(value: T) {
      for (const listener of listeners) listener(value);
    },
    subscribe(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type LoginDialogReason = 'login' | 'wishlist' | 'cart' | 'shipping';
/** The three views of the auth modal (spec 000 §2). */
export type AuthDialogView = 'login' | 'register' | 'forgot';

export const loginDialogChannel = channel<LoginDialogReason>();
export const authDialogChannel = channel<AuthDialogView>();
export const toastChannel = channel<ToastMessage>();

let nextToastId = 1;

/** Opens the auth modal on its login view; `reason` says what the account would unlock. */
export function openLoginDialog(reason: LoginDialogReason = 'login'): void {
  loginDialogChannel.emit(reason);
}

/** Opens the auth modal on the given view. */
export function openAuthDialog(view: AuthDialogView = 'login'): void {
  authDialogChannel.emit(view);
}

export function notify(message: string, kind: ToastKind = 'info', sticky?: boolean): void {
  toastChannel.emit({ id: nextToastId++, kind, message, sticky });
}

// The name and consents typed in the auth modal's code step. SubmitCode carries only the code, so
// until the core accepts them there, they are kept here and sent as EditProfile right after the
// sign-in (App calls usePendingProfileSync). View-local UI state, not application state.
import { useEffect } from 'react';
import type { ProfileChanges } from '../../events/user';
import { selectIsSignedIn } from '../../projections/store';
import { useDispatch, useSelector } from './store';

let pending: ProfileChanges | null = null;

export function rememberSignupProfile(changes: ProfileChanges): void {
  pending = changes;
}

export function takeSignupProfile(): ProfileChanges | null {
  const p = pending;
  pending = null;
  return p;
}

export function usePendingProfileSync(): void {
  const signedIn = useSelector(selectIsSignedIn);
  const dispatch = useDispatch();
  useEffect(() => {
    if (!signedIn) return;
    const changes = takeSignupProfile();
    if (changes === null) return;
    const meaningful = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined && v !== ''));
    if (Object.keys(meaningful).length > 0) dispatch({ type: 'EditProfile', data: { changes: meaningful } });
  }, [signedIn, dispatch]);
}

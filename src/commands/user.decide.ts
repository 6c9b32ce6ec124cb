// user: the decider. Only types from the schemas (user.ts): the first load runs it without them.
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { UserCommand } from './user';
import type { Meta } from './types';

export function decideUser(command: UserCommand, state: AppState, _meta: Meta): AppEvent[] {
  const profile = state.user.profile;
  switch (command.type) {
    case 'ApplyProfile':
      if (state.auth.token === null) return [];
      return JSON.stringify(profile) === JSON.stringify(command.data.user) ? [] : [{ type: 'ProfileLoaded', data: { user: command.data.user } }];
    case 'ApplyBalance':
      if (profile === null || profile.balance === command.data.balance) return [];
      return [{ type: 'BalanceLoaded', data: { balance: command.data.balance } }];
    case 'ApplyLastOrder':
      if (profile === null) return [];
      return JSON.stringify(state.user.lastOrder) === JSON.stringify(command.data.lastOrder)
        ? []
        : [{ type: 'LastOrderLoaded', data: { lastOrder: command.data.lastOrder } }];
    case 'ChangeAllergens': {
      if (profile === null) return [{ type: 'AuthRequired', data: { reason: 'profile' } }];
      const codes = [...new Set(command.data.codes)].sort();
      return JSON.stringify([...profile.userAllergens].sort()) === JSON.stringify(codes)
        ? []
        : [{ type: 'AllergensChanged', data: { codes } }];
    }
    case 'EditProfile':
      if (profile === null) return [{ type: 'AuthRequired', data: { reason: 'profile' } }];
      return [{ type: 'ProfileEditRequested', data: { phone: profile.phone, changes: command.data.changes } }];
    case 'DeleteAccount':
      return profile === null ? [] : [{ type: 'AccountDeletionRequested', data: { phone: profile.phone } }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown user command ${JSON.stringify(unreachable)}`);
    }
  }
}

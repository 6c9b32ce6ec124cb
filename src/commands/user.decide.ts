// user: the decider. Only types from the schemas (user.ts): the first load runs it without them.
import { ratingInputProblem } from '../domain/rating';
import type { AppEvent } from '../events';
import { selectCurrentModal } from '../projections/modal';
import { selectIsSignedIn, type AppState } from '../projections/store';
import type { UserCommand } from './user';
import type { Meta } from './types';

export function decideUser(command: UserCommand, state: AppState, _meta: Meta): AppEvent[] {
  const profile = state.user.profile;
  switch (command.type) {
    case 'ApplyProfile':
      if (state.auth.token === null) return [];
      return JSON.stringify(profile) === JSON.stringify(command.data.user)
        ? []
        : [{ type: 'ProfileLoaded', data: { user: command.data.user } }];
    case 'ApplyBalance':
      if (profile === null || profile.balance === command.data.balance) return [];
      return [{ type: 'BalanceLoaded', data: { balance: command.data.balance } }];
    case 'ApplyLastOrder':
      if (profile === null) return [];
      return JSON.stringify(state.user.lastOrder) === JSON.stringify(command.data.lastOrder)
        ? []
        : [{ type: 'LastOrderLoaded', data: { lastOrder: command.data.lastOrder } }];
    case 'LoadOrderHistory':
      // Signed out there is no history to load; asked for already, the answer is on its way.
      if (!selectIsSignedIn(state) || profile === null || state.user.history.status === 'loading') return [];
      return [{ type: 'OrderHistoryRequested', data: { phone: profile.phone } }];
    case 'ApplyOrderHistory': {
      // An answer for a customer no longer signed in is dropped.
      if (profile === null || profile.phone !== command.data.phone) return [];
      const history = state.user.history;
      if (history.status === 'loaded' && JSON.stringify(history.orders) === JSON.stringify(command.data.orders))
        return [];
      return [{ type: 'OrderHistoryLoaded', data: { orders: command.data.orders } }];
    }
    case 'ReportOrderHistoryFailure':
      if (profile === null || profile.phone !== command.data.phone) return [];
      return [{ type: 'OrderHistoryLoadFailed', data: { message: command.data.message } }];
    case 'StopOrderHistoryTracking':
      return [{ type: 'OrderHistoryTrackingStopped', data: {} }];
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
    case 'ApplyRatings': {
      if (profile === null || profile.id !== command.data.userId) return [];
      const loaded: AppEvent = {
        type: 'RatingsLoaded',
        data: { ratings: command.data.ratings, prompts: command.data.prompts },
      };
      // the visit's prompt: on the first answer only, never over another dialog or an order page
      const first = command.data.prompts.find((p) => !command.data.ratings.some((r) => r.orderId === p.orderId));
      const mayOpen = command.data.promptHere !== false && state.modal.stack.length === 0;
      if (state.user.ratings.status !== 'idle' || first === undefined || !mayOpen) return [loaded];
      return [
        loaded,
        { type: 'ModalOpened', data: { modal: { kind: 'rating', orderId: first.orderId, number: first.number } } },
      ];
    }
    case 'RateOrder': {
      const { orderId } = command.data;
      if (profile === null) return [{ type: 'AuthRequired', data: { reason: 'profile' } }];
      if (state.user.ratings.byOrder[orderId] !== undefined) return [];
      if (state.user.ratings.forms[orderId]?.status === 'sending') return [];
      const comment = command.data.comment.trim();
      const problem = ratingInputProblem({ score: command.data.score, tags: command.data.tags, comment });
      if (problem !== null) return [{ type: 'OrderRatingRejected', data: { orderId, message: problem } }];
      return [
        {
          type: 'OrderRatingSubmitted',
          data: { orderId, score: command.data.score, tags: [...new Set(command.data.tags)], comment },
        },
      ];
    }
    case 'ApplyOrderRating':
      if (profile === null) return [];
      return [{ type: 'OrderRated', data: { rating: command.data.rating } }];
    case 'ReportOrderRatingRefusal':
      if (profile === null) return [];
      return [{ type: 'OrderRatingRejected', data: { orderId: command.data.orderId, message: command.data.message } }];
    case 'DismissRatingPrompt': {
      const { orderId } = command.data;
      const top = selectCurrentModal(state.modal);
      const events: AppEvent[] =
        top?.kind === 'rating' && top.orderId === orderId ? [{ type: 'ModalClosed', data: { kind: 'rating' } }] : [];
      // a rated order needs no dismissal: it is never offered again anyway
      if (profile !== null && state.user.ratings.byOrder[orderId] === undefined)
        events.push({ type: 'RatingPromptDismissed', data: { orderId } });
      return events;
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown user command ${JSON.stringify(unreachable)}`);
    }
  }
}

// Pure rules with no state (DESIGN "src/domain"); import from here.
export * from './phone';
export * from './workingHours';
export * from './price';
export * from './plural';
export * from './addressText';
export * from './catalog';
export * from './deliveryZone';
export * from './cart';
export * from './gifts';
export * from './limits';
export * from './messages';
export * from './payment';
export * from './amounts';
export * from './pricedAmounts';

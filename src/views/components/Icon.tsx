// Small inline SVG icons (no emoji: not every system has an emoji font).
import type { SVGProps } from 'react';

export type IconName = 'fries' | 'scooter' | 'store' | 'cart' | 'gift' | 'heart' | 'heart-outline' | 'user' | 'dish';

const PATHS: Record<IconName, string> = {
  fries:
    'M7 9 5.5 3.5l1.8-.5L8.6 9H7Zm3 0V2h2v7h-2Zm4 0 1.3-6 1.9.4L16 9h-2ZM5 10h14l-1.8 11.2a1 1 0 0 1-1 .8H7.8a1 1 0 0 1-1-.8L5 10Z',
  scooter:
    'M5 17a3 3 0 1 0 6 0H5Zm12-1a3 3 0 1 0 0 .01V16ZM15 5h3v2h-1.2l1.9 5.3A4 4 0 0 1 21 17h-1a3 3 0 0 0-5.8-1H11a5 5 0 0 0-8 1H2a6 6 0 0 1 6-6h5l1.6-4H15V5Zm-9 1h5v3H6a1.5 1.5 0 0 1 0-3Z',
  store: 'M4 4h16l1 5a3 3 0 0 1-5 2.2A3 3 0 0 1 12 11a3 3 0 0 1-4 .2A3 3 0 0 1 3 9l1-5Zm1 9h14v7H14v-5h-4v5H5v-7Z',
  cart: 'M3 4h2.2l2.3 10.2A2 2 0 0 0 9.5 16H18v-2H9.6l-.3-1.4H18a1 1 0 0 0 1-.8L20.6 6H6.5L6 3.6A2 2 0 0 0 4 2H3v2Zm6.5 14a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm8 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
  gift: 'M4 11h7v10H5a1 1 0 0 1-1-1v-9Zm9 0h7v9a1 1 0 0 1-1 1h-6V11ZM3 7h18v3H3V7Zm9-1c-1-3-5-4-5-1 0 1.2 1.5 1.8 5 1Zm0 0c1-3 5-4 5-1 0 1.2-1.5 1.8-5 1Z',
  heart:
    'M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.5 5c2 0 3.5 1.1 4.5 2.6h2C14 6.1 15.5 5 17.5 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21Z',
  'heart-outline':
    'M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.5 5c2 0 3.5 1.1 4.5 2.6h2C14 6.1 15.5 5 17.5 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21Zm0-2.4c2.3-1.5 6.3-4.6 7.7-7.7.9-2-.3-3.9-2.2-3.9-1.4 0-2.5.9-3.2 2.2l-.3.5h-4l-.3-.5C9 7.9 7.9 7 6.5 7 4.6 7 3.4 8.9 4.3 10.9c1.4 3.1 5.4 6.2 7.7 7.7Z',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z',
  dish: 'M12 6a8 8 0 0 0-8 8h16a8 8 0 0 0-8-8Zm-1-3h2v2h-2V3ZM2 16h20v2H2v-2Z',
};

export function Icon({ name, size = 24, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}

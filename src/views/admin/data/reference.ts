// Cities and restaurants, for filters and for showing names instead of ids.
import { adminListCities, adminListRestaurants, type AdminCity, type AdminRestaurant } from '../../../api/contract/admin/settings';
import { useAdminQuery, useCan } from './hooks';

export interface Reference {
  cities: readonly AdminCity[];
  restaurants: readonly AdminRestaurant[];
  cityName: (id: string) => string;
  restaurantName: (id: string) => string;
  reload: () => void;
}

/** Roles that may not read the cities (the call centre) get none: names fall back to ids. */
export function useReference(): Reference {
  const canRead = useCan(adminListCities);
  const cities = useAdminQuery(adminListCities, {}, { enabled: canRead });
  const restaurants = useAdminQuery(adminListRestaurants, {}, { enabled: canRead });
  const cityList = cities.data?.cities ?? [];
  const restaurantList = restaurants.data?.restaurants ?? [];
  return {
    cities: cityList,
    restaurants: restaurantList,
    cityName: (id) => cityList.find((c) => c.id === id)?.name ?? id,
    restaurantName: (id) => restaurantList.find((r) => r.deliveryTerminalId === id)?.name ?? id,
    reload: () => {
      cities.reload();
      restaurants.reload();
    },
  };
}

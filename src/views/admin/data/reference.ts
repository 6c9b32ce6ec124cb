// Cities and restaurants, for filters and for showing names instead of ids.
import { adminListCities, adminListRestaurants, type AdminCity, type AdminRestaurant } from '../../../api/contract/admin/settings';
import { useAdminQuery } from './hooks';

export interface Reference {
  cities: readonly AdminCity[];
  restaurants: readonly AdminRestaurant[];
  cityName: (id: string) => string;
  restaurantName: (id: string) => string;
  reload: () => void;
}

export function useReference(): Reference {
  const cities = useAdminQuery(adminListCities);
  const restaurants = useAdminQuery(adminListRestaurants);
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

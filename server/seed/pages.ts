// Informational pages per city (filled in below).
export const PAGES: { slug: string; cityId: string; title: string; body: string }[] = [];

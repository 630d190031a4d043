/** An export's filters as its record keeps them (`details.filters`): only those given. */
export const givenFilters = (filter: object) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));

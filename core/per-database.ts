/**
 * One value per database handle, made on first use: per server instance, and apart for every test
 * database (a handle that is gone takes its value with it).
 */
export function perDatabase<D extends object, T>(create: (db: D) => T): (db: D) => T {
  const values = new WeakMap<D, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create(db);
      values.set(db, value);
    }
    return value;
  };
}

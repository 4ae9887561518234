-- Every committed change of an account (a logout, a password reset, a deletion, by the portal or by
-- hand) sends the notification 'account_changed'. The server on the embedded database keeps the
-- account rows it checks login tokens against in memory and forgets them on it
-- (server/modules/users/sessions.ts); PostgreSQL delivers it to no one there (the server reads the
-- row for every request), and an account changes a few times a day.
CREATE FUNCTION account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "User_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "User"
FOR EACH STATEMENT EXECUTE FUNCTION account_changed();

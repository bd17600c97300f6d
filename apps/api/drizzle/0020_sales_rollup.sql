-- The console's dashboard from rollups kept exact by triggers (issue 28, docs/decisions/061):
-- sales by UTC hour (orders paid, placed, refunds), what each product sold by UTC day, and the
-- canceled orders that still owe the shopper money («Нужен возврат»). Each is written only by the
-- triggers below, in the transaction that changed the orders, lines, payments or refunds, whatever
-- module or SQL made the change; the read side (modules/admin/stats.repository.ts) turns a range of
-- the shop's days into whole hours / days from these tables and reads the rest from the base tables.
-- Each row is one database connection's share of an hour (or a product's day): `stripe` is the
-- writing backend's pid, so two transactions never wait on one rollup row (a shared hot row made
-- an order's insert and a payment's outbox row deadlock through the user's row lock, seen by
-- process-death.test on PostgreSQL). The read side sums the stripes.
CREATE TABLE "sales_hours" (
	"hour" timestamp with time zone NOT NULL,
	"stripe" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"placed_paid" integer DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_hours_pk" PRIMARY KEY ("hour", "stripe")
);
--> statement-breakpoint
CREATE TABLE "sales_product_days" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"stripe" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_product_days_pk" PRIMARY KEY ("day", "product_id", "stripe")
);
--> statement-breakpoint
CREATE TABLE "refunds_owed" (
	"order_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds_owed" ADD CONSTRAINT "refunds_owed_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One hour's figures moved by a delta; the hour is the UTC hour of `at`.
CREATE OR REPLACE FUNCTION sales_hours_add(at timestamptz, d_revenue bigint, d_paid integer,
  d_placed integer, d_placed_paid integer, d_refunds bigint) RETURNS void LANGUAGE sql
AS $$
  INSERT INTO sales_hours AS s (hour, stripe, revenue, paid, placed, placed_paid, refunds)
    VALUES (date_trunc('hour', at, 'UTC'), pg_backend_pid(), d_revenue, d_paid, d_placed, d_placed_paid, d_refunds)
    ON CONFLICT (hour, stripe) DO UPDATE SET revenue = s.revenue + EXCLUDED.revenue, paid = s.paid + EXCLUDED.paid,
      placed = s.placed + EXCLUDED.placed, placed_paid = s.placed_paid + EXCLUDED.placed_paid,
      refunds = s.refunds + EXCLUDED.refunds;
$$;
--> statement-breakpoint
-- An order's lines added to (sign 1) or taken from (sign -1) the UTC day it was paid on, in
-- product order (concurrent payments lock the rows in one order).
CREATE OR REPLACE FUNCTION sales_product_days_add_order(o_id integer, paid timestamptz, sign integer)
  RETURNS void LANGUAGE sql
AS $$
  INSERT INTO sales_product_days AS s (day, product_id, stripe, title, quantity, revenue)
    SELECT (paid at time zone 'UTC')::date, product_id, pg_backend_pid(), max(title), sign * sum(quantity), sign * sum(price * quantity)
    FROM order_items WHERE order_id = o_id GROUP BY product_id ORDER BY product_id
    ON CONFLICT (day, product_id, stripe) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity,
      revenue = s.revenue + EXCLUDED.revenue, title = EXCLUDED.title;
$$;
--> statement-breakpoint
-- «Нужен возврат» for one order, as refunds' needsRefundSql: canceled and paid more than refunded.
-- The order's row lock makes the writers of its status and money (a cancel, a payment, a refund)
-- recheck in turn, each seeing what the one before committed.
CREATE OR REPLACE FUNCTION refunds_owed_recheck(o_id integer) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
  IF o_id IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id = o_id FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1 FROM orders o WHERE o.id = o_id AND o.status = 'canceled'
      AND (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.order_id = o_id AND p.status = 'succeeded')
        > (SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = o_id AND r.status = 'succeeded')
  ) THEN
    INSERT INTO refunds_owed (order_id) VALUES (o_id) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM refunds_owed WHERE order_id = o_id;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_sales_rollup() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.created_at IS NOT DISTINCT FROM OLD.created_at AND NEW.paid_at IS NOT DISTINCT FROM OLD.paid_at
      AND NEW.to_pay IS NOT DISTINCT FROM OLD.to_pay THEN
      IF NEW.status IS DISTINCT FROM OLD.status AND 'canceled' IN (NEW.status, OLD.status) THEN
        PERFORM refunds_owed_recheck(NEW.id);
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_hours_add(OLD.created_at, 0, 0, -1, -(OLD.paid_at IS NOT NULL)::int, 0);
    IF OLD.paid_at IS NOT NULL THEN
      PERFORM sales_hours_add(OLD.paid_at, -OLD.to_pay, -1, 0, 0, 0);
      IF TG_OP = 'DELETE' THEN
        PERFORM sales_product_days_add_order(OLD.id, OLD.paid_at, -1);
      ELSIF NEW.paid_at IS DISTINCT FROM OLD.paid_at THEN
        PERFORM sales_product_days_add_order(OLD.id, OLD.paid_at, -1);
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_hours_add(NEW.created_at, 0, 0, 1, (NEW.paid_at IS NOT NULL)::int, 0);
    IF NEW.paid_at IS NOT NULL THEN
      PERFORM sales_hours_add(NEW.paid_at, NEW.to_pay, 1, 0, 0, 0);
      IF TG_OP = 'INSERT' THEN
        PERFORM sales_product_days_add_order(NEW.id, NEW.paid_at, 1);
      ELSIF NEW.paid_at IS DISTINCT FROM OLD.paid_at THEN
        PERFORM sales_product_days_add_order(NEW.id, NEW.paid_at, 1);
      END IF;
    END IF;
    -- A new order has no payments yet; a changed one owes only when canceled, or did.
    IF TG_OP = 'UPDATE' THEN
      IF NEW.status IS DISTINCT FROM OLD.status AND 'canceled' IN (NEW.status, OLD.status) THEN
        PERFORM refunds_owed_recheck(NEW.id);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deleting an order takes its figures away before its lines go (the lines' cascade runs after
-- the order is gone and can no longer tell when it was paid).
CREATE TRIGGER "orders_sales_rollup_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_sales_rollup();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup" AFTER INSERT OR UPDATE OF "created_at", "paid_at", "to_pay", "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_sales_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_items_sales_rollup() RETURNS trigger LANGUAGE plpgsql
AS $$
DECLARE
  paid timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT o.paid_at INTO paid FROM orders o WHERE o.id = OLD.order_id;
    IF paid IS NOT NULL THEN
      INSERT INTO sales_product_days AS s (day, product_id, stripe, title, quantity, revenue)
        VALUES ((paid at time zone 'UTC')::date, OLD.product_id, pg_backend_pid(), OLD.title, -OLD.quantity, -OLD.price * OLD.quantity)
        ON CONFLICT (day, product_id, stripe) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity,
          revenue = s.revenue + EXCLUDED.revenue;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT o.paid_at INTO paid FROM orders o WHERE o.id = NEW.order_id;
    IF paid IS NOT NULL THEN
      INSERT INTO sales_product_days AS s (day, product_id, stripe, title, quantity, revenue)
        VALUES ((paid at time zone 'UTC')::date, NEW.product_id, pg_backend_pid(), NEW.title, NEW.quantity, NEW.price * NEW.quantity)
        ON CONFLICT (day, product_id, stripe) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity,
          revenue = s.revenue + EXCLUDED.revenue, title = EXCLUDED.title;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "product_id", "title", "price", "quantity" ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION order_items_sales_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_refunds_owed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refunds_owed_recheck(OLD.order_id); END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refunds_owed_recheck(NEW.order_id);
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.order_id IS DISTINCT FROM OLD.order_id THEN PERFORM refunds_owed_recheck(NEW.order_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_refunds_owed" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "status", "amount" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION payments_refunds_owed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_sales_rollup() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.status = 'succeeded' THEN PERFORM sales_hours_add(OLD.created_at, 0, 0, 0, 0, -OLD.amount); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.status = 'succeeded' THEN PERFORM sales_hours_add(NEW.created_at, 0, 0, 0, 0, NEW.amount); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refunds_owed_recheck(OLD.order_id); END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refunds_owed_recheck(NEW.order_id);
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.order_id IS DISTINCT FROM OLD.order_id THEN PERFORM refunds_owed_recheck(NEW.order_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "refunds_sales_rollup" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "status", "amount", "created_at" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION refunds_sales_rollup();
--> statement-breakpoint
-- The rollups of what is already there. The triggers exist first: a write waits for this
-- migration's locks and then adds itself; nothing committed before is missed.
INSERT INTO sales_hours (hour, revenue, paid, placed, placed_paid, refunds)
  SELECT hour, sum(revenue), sum(paid), sum(placed), sum(placed_paid), sum(refunds) FROM (
    SELECT date_trunc('hour', paid_at, 'UTC') AS hour, to_pay::bigint AS revenue, 1 AS paid, 0 AS placed, 0 AS placed_paid, 0::bigint AS refunds
      FROM orders WHERE paid_at IS NOT NULL
    UNION ALL
    SELECT date_trunc('hour', created_at, 'UTC'), 0, 0, 1, (paid_at IS NOT NULL)::int, 0 FROM orders
    UNION ALL
    SELECT date_trunc('hour', created_at, 'UTC'), 0, 0, 0, 0, amount FROM refunds WHERE status = 'succeeded'
  ) x GROUP BY hour;
--> statement-breakpoint
INSERT INTO sales_product_days (day, product_id, title, quantity, revenue)
  SELECT (o.paid_at at time zone 'UTC')::date, i.product_id, max(i.title), sum(i.quantity), sum(i.price * i.quantity)
  FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO refunds_owed (order_id)
  SELECT o.id FROM orders o WHERE o.status = 'canceled'
    AND (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded')
      > (SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded');

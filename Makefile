# The way in of PGXN's client (`pgxn install pg_sudoku`, which runs `make` and `make install` in
# the unpacked distribution) and of anyone who builds from source with make:
#
#   make PG_CONFIG=/path/to/pg_config && make PG_CONFIG=/path/to/pg_config install
#
# pg_sudoku is written in Rust with pgrx, so this needs cargo (rustc 1.95 or later: Cargo.toml's
# rust-version) and cargo-pgrx 0.18.1 (`cargo install cargo-pgrx --version 0.18.1 --locked`), not
# PGXS. `make` builds the release library and the SQL scripts against the server PG_CONFIG names
# (pgrx's settings kept in target/pgxn/pgrx-home, so a user's own ~/.pgrx is left alone);
# `make install` copies them where that pg_config says (DESTDIR honoured, for packagers).
# scripts/pgxn.sh makes and checks the distribution; scripts/setup.sh is the developer's way.
PG_CONFIG ?= pg_config
MAJOR := $(shell $(PG_CONFIG) --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
PKGLIBDIR := $(shell $(PG_CONFIG) --pkglibdir)
EXTDIR := $(shell $(PG_CONFIG) --sharedir)/extension
PGRX_HOME_DIR := $(CURDIR)/target/pgxn/pgrx-home
TREE := $(CURDIR)/target/pgxn/pg$(MAJOR)

all:
	@test -n "$(MAJOR)" || { echo "no PostgreSQL at PG_CONFIG=$(PG_CONFIG)" >&2; exit 1; }
	mkdir -p $(PGRX_HOME_DIR)
	PGRX_HOME=$(PGRX_HOME_DIR) cargo pgrx init --pg$(MAJOR) $(PG_CONFIG)
	PGRX_HOME=$(PGRX_HOME_DIR) cargo pgrx package --pg-config $(PG_CONFIG) --out-dir $(TREE)

install:
	@test -f $(TREE)$(PKGLIBDIR)/pg_sudoku.so || { echo "run make first (PG_CONFIG=$(PG_CONFIG))" >&2; exit 1; }
	install -d $(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(EXTDIR)
	install -m 755 $(TREE)$(PKGLIBDIR)/pg_sudoku.so $(DESTDIR)$(PKGLIBDIR)/
	install -m 644 $(TREE)$(EXTDIR)/pg_sudoku* $(DESTDIR)$(EXTDIR)/

uninstall:
	rm -f $(DESTDIR)$(PKGLIBDIR)/pg_sudoku.so $(DESTDIR)$(EXTDIR)/pg_sudoku.control $(DESTDIR)$(EXTDIR)/pg_sudoku--*.sql

clean:
	rm -rf target/pgxn

.PHONY: all install uninstall clean

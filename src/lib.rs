::pgrx::pg_module_magic!(name, version);

"""The edition's directives: one module each."""

// a transforms header

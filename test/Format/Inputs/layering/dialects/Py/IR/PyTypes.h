// a py header

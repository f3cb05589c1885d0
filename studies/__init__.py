"""Studies of the book's advice, one module each, and the parallel runner that runs them."""

"""The benchmarks and measurements (``make bench-*``): nothing here is part of the site, and
no test asserts a time. Those in the browser serve the built site with ``tools.build.serve``."""

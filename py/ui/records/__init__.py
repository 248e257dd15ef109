"""What is kept between visits: statistics, the deal of the day, links, saves read from outside."""

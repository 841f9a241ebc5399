print("gridrender")
